// Mantine's styles are imported per component (src/styles/mantine.css); the build check and the
// cascade order they depend on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineCoreStyles, undefinedMantineClasses } from '../../../scripts/mantine-styles-plugin';

const imported = [
  ...readFileSync('src/styles/mantine.css', 'utf8').matchAll(/@import ["']@mantine\/core\/styles\/([\w-]+\.css)["'];/g),
].map((match) => match[1]!);

describe('Mantine styles per component', () => {
  it('names the classes the scripts use that no stylesheet defines', () => {
    const scripts = ['className:"m_77c9d27d mantine-Button-root"', 'const x = "m_86a44da5"; // m_00000000'];
    const stylesheets = ['.m_77c9d27d{color:red}', '.m_86a44da5:where([data-x]){}'];
    expect(undefinedMantineClasses(scripts, stylesheets)).toEqual(['m_00000000']);
    expect(undefinedMantineClasses(scripts, [...stylesheets, '.m_00000000{}'])).toEqual([]);
  });

  it('imports each file once, in the order of @mantine/core/styles.css (later rules override earlier ones)', () => {
    const styles = mantineCoreStyles();
    const whole = readFileSync(styles.whole, 'utf8');
    const dir = styles.dir;
    const positions = imported.map((file) => whole.indexOf(readFileSync(join(dir, file), 'utf8').trim().slice(0, 120)));
    expect(imported.length).toBeGreaterThan(3);
    expect(new Set(imported).size).toBe(imported.length);
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(imported.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
  });
});

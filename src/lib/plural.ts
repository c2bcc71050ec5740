/** Counted nouns ("1 follower", "2 followers", "1.5K plays") for English UI figures. */
import { formatCompactNumber } from './format';

const rules = new Intl.PluralRules('en-US');

/** The noun form for `count`: singular only when English says "one" (1, not 0 or 1.5K). */
export function pluralNoun(count: number, singular: string, plural = `${singular}s`): string {
  return rules.select(count) === 'one' ? singular : plural;
}

/** `count` in K/M form followed by its noun: countLabel(1, 'follower') → "1 follower". */
export function countLabel(count: number, singular: string, plural?: string): string {
  return `${formatCompactNumber(count)} ${pluralNoun(count, singular, plural)}`;
}

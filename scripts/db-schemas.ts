/**
 * `npm run db:schemas`: writes supabase/schemas/ from a scratch PostgreSQL with every migration
 * applied — one file per function (all overloads), view and table's policies, as PostgreSQL
 * states them. Run once to start the declarative files; after that the files are edited by hand
 * and `npm run db:diff` turns the edits into migrations. Rewrites the three folders whole, so a
 * file whose object no migration creates any more disappears.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { KINDS, SCHEMAS_DIR, startMigrated } from './sql-schemas';

const db = await startMigrated();
try {
  const files = new Map<string, string[]>();
  for (const o of db.ours.values()) files.set(o.file, [...(files.get(o.file) ?? []), o.sql]);
  for (const kind of KINDS) rmSync(join(SCHEMAS_DIR, kind), { recursive: true, force: true });
  for (const [file, statements] of files) {
    const path = join(SCHEMAS_DIR, file);
    mkdirSync(dirname(path), { recursive: true });
    // policies are short: one blank line apart; functions and views two
    writeFileSync(path, statements.join(file.startsWith('policies/') ? '\n\n' : '\n\n\n') + '\n');
  }
  console.log(`wrote ${files.size} files (${db.ours.size} objects) to supabase/schemas/`);
} finally {
  await db.stop();
}

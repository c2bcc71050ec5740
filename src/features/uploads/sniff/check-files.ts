import { sniffFile, type SniffResult } from './index';

export type CheckedContent = Extract<SniffResult, { ok: true }>;

export interface CheckedFiles {
  accepted: { file: File; content: CheckedContent }[];
  /** One clear message per refused file, in drop order. */
  refused: string[];
}

/** Sniff every dropped file; a file whose check itself fails is refused, never let through. */
export async function checkUploadFiles(files: readonly File[]): Promise<CheckedFiles> {
  const results = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, result: await sniffFile(file) };
      } catch {
        return {
          file,
          result: { ok: false, message: `${file.name} could not be read. Try adding it again.` } as const,
        };
      }
    }),
  );
  const checked: CheckedFiles = { accepted: [], refused: [] };
  for (const { file, result } of results) {
    if (result.ok) checked.accepted.push({ file, content: result });
    else checked.refused.push(result.message);
  }
  return checked;
}

/** Files become bucket items (isLocked = not isPublic, type from the MIME type). */
import { demoTypeOf, type BucketItem, type SimpleUploadValues } from '@/features/bucket';

export function simulatedItems(
  files: File[],
  values: SimpleUploadValues,
  artist: string,
  now = Date.now(),
): BucketItem[] {
  return files.map((file, index) => {
    const type = demoTypeOf(file.type);
    return {
      id: `demo-${now}-${index}`,
      name: files.length > 1 ? `${values.title} (${index + 1})` : values.title || file.name,
      type,
      uploadDate: new Date(now).toISOString(),
      size: file.size,
      metadata: { artist, album: values.album || undefined },
      isLocked: !values.isPublic,
      downloadUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
    };
  });
}

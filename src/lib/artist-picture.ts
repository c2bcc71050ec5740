/**
 * Artists' pictures: signed URLs for the objects named by `artist_profiles.picture_path` (readable
 * by signed-in users under the storage policy of migration 20261127100000), and the owner's upload.
 */
import { loadSupabase } from './load-supabase';
import { pictureFileError, pictureObjectPath } from './artist-identity';

const PICTURE_URL_SECONDS = 3600;

/** path → signed URL; paths that cannot be signed are left out (the caller shows initials). */
export async function signArtistPictures(paths: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(paths.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const supabase = await loadSupabase();
  const { data, error } = await supabase.storage.from('content').createSignedUrls(unique, PICTURE_URL_SECONDS);
  if (error || !data) return new Map();
  return new Map(
    data.flatMap((entry) =>
      entry.path && entry.signedUrl && !entry.error ? [[entry.path, entry.signedUrl] as const] : [],
    ),
  );
}

/** Uploads the owner's new picture into their folder; returns its object path. Needs a connection. */
export async function uploadArtistPicture(userId: string, file: File): Promise<string> {
  const problem = pictureFileError(file);
  if (problem) throw new Error(problem);
  const path = pictureObjectPath(userId, file.type, Date.now());
  const supabase = await loadSupabase();
  const { error } = await supabase.storage
    .from('content')
    .upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw new Error(`The picture could not be uploaded: ${error.message}`);
  return path;
}

import { useUploadOutbox } from './use-upload-outbox';

/**
 * Resumes the signed-in artist's queued uploads on app start, whatever page is open (tus-js-client
 * does not retry by itself), and stops sending on sign-out. Renders nothing.
 */
export function OutboxAutostart() {
  useUploadOutbox();
  return null;
}

// The one list of content formats, shared with the server's upload check (verify-upload), which
// deploys from supabase/functions: the app reads it through this module.
export {
  describeDetected,
  extensionOf,
  formatOfDetected,
  formatsForName,
  isPlainText,
  type ContentFormat,
} from '../../supabase/functions/_shared/content-formats';

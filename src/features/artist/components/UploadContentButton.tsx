import { UploadManagerButton } from '@/features/uploads';

/** 'Upload Content' — opens the uploads feature's Upload Manager. */
export function UploadContentButton() {
  return <UploadManagerButton color="green" label="Upload Content" />;
}

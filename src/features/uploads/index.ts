/** Public API of the uploads feature (the artist dashboard and the bucket import only this). */
import '@mantine/dropzone/styles.css';

export { UploadManagerButton } from './UploadManagerButton';
export { UploadManagerDialog } from './UploadManagerDialog';
export { OutboxPanel } from './components/OutboxPanel';
export { UploadStatusLine } from './components/UploadStatusLine';
export { FileErrorList } from './components/FileErrorList';
export { useUploadOutbox, type UploadOutboxState } from './use-upload-outbox';
export { setContentItemWriter, stopOutbox } from './outbox-wiring';
export { checkUploadFiles } from './sniff/check-files';
export { isAcceptedFile, SIMPLE_ACCEPT, SIMPLE_TYPES_LABEL, rejectionMessage } from './accepted-types';

import { Stack, Stepper } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useMemo, useReducer, useState } from 'react';
import type { OutboxEntry, UserOutbox } from '@sync/outbox';
import { FileErrorList } from './components/FileErrorList';
import { MetadataStep } from './components/MetadataStep';
import { OutboxPanel } from './components/OutboxPanel';
import { ReviewStep } from './components/ReviewStep';
import { UploadCompleteDialog } from './components/UploadCompleteDialog';
import { UploadStep } from './components/UploadStep';
import { checkUploadFiles } from './sniff/check-files';
import {
  batchOutcome,
  defaultMetadata,
  INITIAL_DIALOG_STATE,
  uploadDialogReducer,
  type DialogStep,
} from './dialog-reducer';

const STEP_INDEX: Record<DialogStep, number> = { upload: 0, metadata: 1, review: 2 };

interface UploadManagerDialogProps {
  opened: boolean;
  onClose: () => void;
  outbox: UserOutbox | null;
  entries: OutboxEntry[];
}

/**
 * Upload / Metadata / Review, then 'Upload Complete!'. Its state outlives the modal,
 * so closing it while files are sending loses nothing; the outbox keeps sending.
 */
export function UploadManagerDialog({ opened, onClose, outbox, entries }: UploadManagerDialogProps) {
  const [state, dispatch] = useReducer(uploadDialogReducer, INITIAL_DIALOG_STATE);
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [dismissedBatch, setDismissedBatch] = useState<string[] | null>(null);

  const sent = state.entryIds !== null;
  const {
    entries: batch,
    uploading,
    finished,
    completed,
  } = useMemo(() => batchOutcome(state.entryIds, entries), [state.entryIds, entries]);

  // Files are checked by content before they can be queued; refused ones get a message each.
  const addFiles = async (files: File[], refused: string[]) => {
    setErrors(refused);
    if (files.length === 0) return;
    setChecking(true);
    const checked = await checkUploadFiles(files);
    setChecking(false);
    setErrors([...refused, ...checked.refused]);
    dispatch({
      type: 'add-files',
      files: checked.accepted.map(({ file, content }) => ({
        key: crypto.randomUUID(),
        file,
        content,
        metadata: defaultMetadata(file.name),
      })),
    });
  };

  const startUpload = async () => {
    if (!outbox || sent) return; // without a signed-in user nothing happens
    const result = await outbox.enqueue(
      // The sniffed type, not the browser's guess from the name: storage and the row agree on it.
      state.files.map((f) => ({ file: f.file, name: f.file.name, type: f.content.mime, metadata: f.metadata })),
    );
    setErrors(result.refused.map((r) => r.message));
    dispatch({ type: 'sent', entryIds: result.byIndex.map((entry) => entry?.id ?? '') });
  };

  const done = () => {
    setDismissedBatch(state.entryIds);
    setErrors([]);
    dispatch({ type: 'reset' });
    onClose();
  };

  return (
    <>
      <Modal opened={opened && !finished} onClose={onClose} title="Upload Content" size="lg" centered>
        <Stack gap="md">
          <Stepper active={STEP_INDEX[state.step]} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label="Upload" />
            <Stepper.Step label="Metadata" />
            <Stepper.Step label="Review" />
          </Stepper>
          {state.step === 'upload' ? (
            <UploadStep
              files={state.files}
              errors={errors}
              onDrop={(files, refused) => void addFiles(files, refused)}
              checking={checking}
              onRemove={(key) => dispatch({ type: 'remove-file', key })}
              onContinue={() => dispatch({ type: 'continue' })}
              disabled={sent}
            />
          ) : null}
          {state.step === 'metadata' ? <FileErrorList errors={errors} title="Some files were not added" /> : null}
          {state.step === 'metadata' ? (
            <MetadataStep
              files={state.files}
              cursor={state.cursor}
              onPrevious={() => dispatch({ type: 'previous-file' })}
              onNext={() => dispatch({ type: 'next-file' })}
              onChange={(key, patch) => dispatch({ type: 'set-metadata', key, patch })}
              onBack={() => dispatch({ type: 'back' })}
              onContinue={() => dispatch({ type: 'continue', now: Date.now() })}
            />
          ) : null}
          {state.step === 'review' ? (
            <>
              <FileErrorList errors={errors} />
              <ReviewStep
                files={state.files}
                entries={batch}
                uploading={uploading}
                sent={sent}
                onBack={() => dispatch({ type: 'back' })}
                onStart={() => void startUpload()}
              />
            </>
          ) : null}
          {state.step === 'upload' ? <OutboxPanel outbox={outbox} entries={entries} /> : null}
        </Stack>
      </Modal>
      <UploadCompleteDialog
        opened={opened && finished && dismissedBatch !== state.entryIds}
        completed={completed}
        total={state.files.length}
        onDone={done}
      />
    </>
  );
}

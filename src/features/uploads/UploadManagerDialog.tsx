import { Stack, Stepper } from '@mantine/core';
import { Modal } from '../../components/Modal';
import { useMemo, useReducer, useState } from 'react';
import type { OutboxEntry, UserOutbox } from '../../../sync/outbox';
import { FileErrorList } from './components/FileErrorList';
import { MetadataStep } from './components/MetadataStep';
import { OutboxPanel } from './components/OutboxPanel';
import { ReviewStep } from './components/ReviewStep';
import { UploadCompleteDialog } from './components/UploadCompleteDialog';
import { UploadStep } from './components/UploadStep';
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
 * Upload / Metadata / Review, then 'Upload Complete!' (spec §2, §4). Its state outlives the modal,
 * so closing it while files are sending loses nothing; the outbox keeps sending.
 */
export function UploadManagerDialog({ opened, onClose, outbox, entries }: UploadManagerDialogProps) {
  const [state, dispatch] = useReducer(uploadDialogReducer, INITIAL_DIALOG_STATE);
  const [errors, setErrors] = useState<string[]>([]);
  const [dismissedBatch, setDismissedBatch] = useState<string[] | null>(null);

  const sent = state.entryIds !== null;
  const {
    entries: batch,
    uploading,
    finished,
    completed,
  } = useMemo(() => batchOutcome(state.entryIds, entries), [state.entryIds, entries]);

  const addFiles = (files: File[]) => {
    setErrors([]);
    dispatch({
      type: 'add-files',
      files: files.map((file) => ({ key: crypto.randomUUID(), file, metadata: defaultMetadata(file.name) })),
    });
  };

  const startUpload = async () => {
    if (!outbox || sent) return; // spec §5: without a signed-in user nothing happens
    const result = await outbox.enqueue(
      state.files.map((f) => ({ file: f.file, name: f.file.name, type: f.file.type, metadata: f.metadata })),
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
              onDrop={addFiles}
              onReject={setErrors}
              onRemove={(key) => dispatch({ type: 'remove-file', key })}
              onContinue={() => dispatch({ type: 'continue' })}
              disabled={sent}
            />
          ) : null}
          {state.step === 'metadata' ? (
            <MetadataStep
              files={state.files}
              cursor={state.cursor}
              onPrevious={() => dispatch({ type: 'previous-file' })}
              onNext={() => dispatch({ type: 'next-file' })}
              onChange={(key, patch) => dispatch({ type: 'set-metadata', key, patch })}
              onBack={() => dispatch({ type: 'back' })}
              onContinue={() => dispatch({ type: 'continue' })}
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

import { Alert, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { generateCodes, MAX_CODES, parseCodeCsv, parseCodes } from './api';

export type CodeSource = 'paste' | 'csv' | 'generate';

const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel'];

/**
 * The campaign's pool of codes: pasted, uploaded as a CSV file (first column), or generated.
 * Reports the resulting list up; the count is shown so the brand knows what it launches.
 */
export function CodePoolInput({ onChange, error }: { onChange: (codes: string[]) => void; error?: string | null }) {
  const [source, setSource] = useState<CodeSource>('generate');
  const [pasted, setPasted] = useState('');
  const [csv, setCsv] = useState<{ name: string; codes: string[] } | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [count, setCount] = useState<number | string>(100);
  const [prefix, setPrefix] = useState('');
  // generated once per count/prefix, so the launch sends exactly the codes that were shown
  const generated = useMemo(() => {
    const n = Number(count);
    return Number.isInteger(n) && n >= 1 && n <= MAX_CODES ? generateCodes(n, prefix) : [];
  }, [count, prefix]);

  const codes = useMemo(
    () => (source === 'paste' ? parseCodes(pasted) : source === 'csv' ? (csv?.codes ?? []) : generated),
    [source, pasted, csv, generated],
  );
  useEffect(() => onChange(codes), [codes, onChange]);

  async function readCsv(files: File[]) {
    const file = files[0];
    if (!file) return;
    setCsvError(null);
    const parsed = parseCodeCsv(await file.text());
    if (parsed.length === 0) setCsvError(`${file.name} has no codes in its first column.`);
    setCsv({ name: file.name, codes: parsed });
  }
  const rejected = (rejections: FileRejection[]) =>
    setCsvError(rejections[0]?.errors[0]?.message ?? 'That file was not accepted: upload a .csv file.');

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="code-pool-label">
        Codes
      </Text>
      <SegmentedControl
        aria-labelledby="code-pool-label"
        value={source}
        onChange={(v) => setSource(v as CodeSource)}
        data={[
          { value: 'generate', label: 'Generate' },
          { value: 'paste', label: 'Paste' },
          { value: 'csv', label: 'Upload CSV' },
        ]}
      />
      {source === 'paste' ? (
        <Textarea
          label="Your codes"
          description="One per line or comma-separated"
          autosize
          minRows={3}
          maxRows={8}
          value={pasted}
          onChange={(e) => setPasted(e.currentTarget.value)}
        />
      ) : null}
      {source === 'csv' ? (
        <Dropzone
          onDrop={(files) => void readCsv(files)}
          onReject={rejected}
          accept={CSV_TYPES}
          maxFiles={1}
          maxSize={2 * 1024 * 1024}
          aria-label="Upload a CSV file of codes"
        >
          <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
            <IconFileTypeCsv size={30} stroke={1.5} aria-hidden />
            <div>
              <Text fw={600}>{csv ? csv.name : 'Drop a CSV file or click to browse'}</Text>
              <Text size="xs" c="dimmed">
                Codes in the first column; a header named “code” is skipped
              </Text>
            </div>
          </Group>
        </Dropzone>
      ) : null}
      {source === 'generate' ? (
        <Group grow align="flex-start">
          <NumberInput
            label="How many codes"
            min={1}
            max={MAX_CODES}
            allowDecimal={false}
            allowNegative={false}
            value={count}
            onChange={setCount}
          />
          <TextInput
            label="Prefix (optional)"
            maxLength={12}
            value={prefix}
            onChange={(e) => setPrefix(e.currentTarget.value)}
          />
        </Group>
      ) : null}
      {csvError && source === 'csv' ? (
        <Alert color="red" variant="light" p="xs">
          {csvError}
        </Alert>
      ) : null}
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ??
          `${codes.length.toLocaleString('en-US')} ${codes.length === 1 ? 'code' : 'codes'}${
            source === 'generate' && codes.length ? ` (e.g. ${codes[0]})` : ''
          } — each fan who claims gets one, at most ${MAX_CODES.toLocaleString('en-US')} per campaign.`}
      </Text>
    </Stack>
  );
}

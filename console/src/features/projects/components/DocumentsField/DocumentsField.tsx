import {
  documentKindLabels,
  documentKinds,
  documentMediaTypes,
  MAX_CITED_DOCUMENTS,
  MAX_DOCUMENT_BYTES,
  type DocumentCitation,
  type DocumentKind,
} from '@carbon-ledger/contracts';
import { Button, CloseButton, FileButton, Group, Select, Stack, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../../shared/api/http';
import { useUploadDocument } from '../../api/upload-document';
import { showDocumentUploadFailedToast } from '../../projects-toasts';

const kindOptions = documentKinds.map((kind) => ({ value: kind, label: documentKindLabels[kind] }));
const acceptedTypes: readonly string[] = documentMediaTypes;
const MAX_NAME_LENGTH = 200;

export interface DocumentsFieldProps {
  value: readonly DocumentCitation[];
  onChange: (documents: DocumentCitation[]) => void;
  /** The kind a new document gets until the user picks another. */
  defaultKind: DocumentKind;
  /** Prefixes test ids, so two fields on one screen stay apart. */
  testId: string;
  error?: string;
}

/** The value, setter and error of a Mantine form's `documents` list, as `DocumentsField` takes them. */
export function formDocuments(form: {
  values: { documents: DocumentCitation[] };
  errors: FormErrors;
  setFieldValue: (path: 'documents', documents: DocumentCitation[]) => void;
}): Pick<DocumentsFieldProps, 'value' | 'onChange' | 'error'> {
  const error = form.errors.documents;
  return {
    value: form.values.documents,
    onChange: (documents) => form.setFieldValue('documents', documents),
    error: typeof error === 'string' ? error : undefined,
  };
}

/** Refused before any upload, with the limits the server applies (it answers 413 / 415 for the same). */
function localRefusal(file: File): string | undefined {
  if (!acceptedTypes.includes(file.type)) return `${file.name}: only PDF, PNG, JPEG, text, CSV or JSON documents are accepted`;
  if (file.size > MAX_DOCUMENT_BYTES) return `${file.name} is larger than 5 MB`;
  if (file.size === 0) return `${file.name} is empty`;
  return undefined;
}

/** Uploads each picked file (POST /api/documents) and keeps the citations the request will carry. */
export function DocumentsField({ value, onChange, defaultKind, testId, error }: DocumentsFieldProps) {
  const upload = useUploadDocument();
  const [kind, setKind] = useState<DocumentKind>(defaultKind);
  const [uploadError, setUploadError] = useState<string | undefined>();

  const pick = (file: File | null) => {
    if (!file) return;
    const refusal = localRefusal(file);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    setUploadError(undefined);
    upload.mutate(file, {
      onSuccess: (stored) => {
        // The same bytes cited twice would be one document.
        if (value.some((document) => document.sha256 === stored.sha256)) return;
        onChange([...value, { sha256: stored.sha256, kind, name: file.name.slice(0, MAX_NAME_LENGTH) }]);
      },
      onError: (failure) => {
        setUploadError(describeError(failure));
        showDocumentUploadFailedToast(failure);
      },
    });
  };

  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={500}>
        Documents
      </Text>
      {value.length === 0 ? (
        <Text size="xs" c="dimmed">
          None attached
        </Text>
      ) : (
        value.map((document) => (
          <Group key={document.sha256} gap="xs" wrap="nowrap" data-testid={`${testId}-item`}>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {document.name}
            </Text>
            <Text size="xs" c="dimmed">
              {documentKindLabels[document.kind]}
            </Text>
            <CloseButton size="sm" aria-label={`Remove ${document.name}`} onClick={() => onChange(value.filter((other) => other.sha256 !== document.sha256))} />
          </Group>
        ))
      )}
      <Group gap="xs" align="flex-end">
        <Select
          size="xs"
          label="Kind"
          data={kindOptions}
          value={kind}
          allowDeselect={false}
          onChange={(next) => next && setKind(next as DocumentKind)}
          w={220}
          data-testid={`${testId}-kind`}
        />
        <FileButton
          onChange={pick}
          accept={documentMediaTypes.join(',')}
          disabled={value.length >= MAX_CITED_DOCUMENTS}
          inputProps={{ 'data-testid': `${testId}-file` } as object}
        >
          {(props) => (
            <Button size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={upload.isPending} {...props}>
              Upload document
            </Button>
          )}
        </FileButton>
      </Group>
      {(uploadError ?? error) && (
        <Text size="xs" c="red" data-testid={`${testId}-error`}>
          {uploadError ?? error}
        </Text>
      )}
    </Stack>
  );
}

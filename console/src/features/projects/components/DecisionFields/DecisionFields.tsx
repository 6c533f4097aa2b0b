import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FieldErrors } from '../../field-errors';

/**
 * A decision form's one text (its reasons, or a comment) and the message shown under it: `check` takes
 * the request as parsed and gives it back, or shows the first refusal (the text's own first) and gives undefined.
 */
export function useDecisionText() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const check = <Request,>(parsed: { ok: true; request: Request } | { ok: false; errors: FieldErrors }): Request | undefined => {
    if (!parsed.ok) {
      setError(parsed.errors.reasons ?? parsed.errors.comment ?? Object.values(parsed.errors)[0]);
      return undefined;
    }
    setError(undefined);
    return parsed.request;
  };
  return { text, check, field: { value: text, onChange: setText, error } };
}

interface DecisionTextFieldProps {
  label: string;
  description: string;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  testId: string;
}

/** The text a registry, validation or verification decision gives. */
export function DecisionTextField({ label, description, value, onChange, error, testId }: DecisionTextFieldProps) {
  return (
    <Textarea
      label={label}
      description={description}
      minRows={2}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data-testid={testId}
    />
  );
}

interface DecisionButton {
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A decision's two answers: the one that sends the project or report back (red), then the one that lets it go on. */
export function DecisionButtons({ refuse, accept, pending }: { refuse: DecisionButton; accept: DecisionButton; pending: boolean }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button color="red" variant="light" onClick={refuse.onClick} loading={pending} data-testid={refuse.testId}>
        {refuse.label}
      </Button>
      <Button onClick={accept.onClick} loading={pending} disabled={accept.disabled} data-testid={accept.testId}>
        {accept.label}
      </Button>
    </Group>
  );
}

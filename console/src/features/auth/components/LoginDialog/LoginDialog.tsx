import { useEffect, useRef } from 'react';
import { Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { loginRequest, type LoginRequest } from '@carbon-ledger/contracts';
import { showToast } from '../../../../shared/toast/show-toast';
import { useLogin } from '../../api/login';

/** The product's fixed pause between the success toast and leaving the page. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

function validate(values: LoginRequest): FieldErrors {
  const result = loginRequest.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

export interface LoginDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Where to go after a successful login. */
  redirectTo?: string;
}

export function LoginDialog({ opened, onClose, redirectTo = '/dashboard' }: LoginDialogProps) {
  const navigate = useNavigate();
  const login = useLogin();
  // Validation runs on submit first, then on every change.
  const submitted = useRef(false);
  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate,
    onValuesChange: (values) => {
      if (submitted.current) form.setErrors(validate(values));
    },
  });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const markSubmitted = () => {
    submitted.current = true;
  };

  const submit = (values: LoginRequest) => {
    markSubmitted();
    login.mutate(values, {
      onSuccess: () => {
        showToast({ color: 'teal', message: 'Login successful' });
        submitted.current = false;
        form.reset();
        onClose();
        redirectTimer.current = setTimeout(() => navigate(redirectTo), LOGIN_REDIRECT_DELAY_MS);
      },
      onError: () => {
        showToast({ color: 'red', message: 'Invalid email or password. Please try again.' });
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="md"
      title={
        <Text fw={700} fz="lg">
          Sign in to Carbon Ledger
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit, markSubmitted)} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Enter your email and password to access your trading dashboard.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...form.getInputProps('email')} data-autofocus />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" color="teal" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log in'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

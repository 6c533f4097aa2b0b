import { useEffect, useRef, useState } from 'react';
import { Button, Card, MultiSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { createUserRequest, MIN_PASSWORD_LENGTH, type PasswordAssessment, roles, type CreateUserRequest, type Role } from '@carbon-ledger/contracts';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { z } from 'zod';
import { HttpError } from '../../../../shared/api/http';
import { useCreateUser } from '../../api/create-user';
import { showCreateUserFailedToast, showUserCreatedToast } from '../../auth-toasts';
import { assessNewPassword } from '../../password-strength';
import { PasswordStrength } from '../PasswordStrength/PasswordStrength';
import { SectionHeading } from '../SectionHeading/SectionHeading';

type Field = keyof CreateUserRequest;
type FieldErrors = Partial<Record<Field, string>>;

const fields: readonly Field[] = ['email', 'name', 'password', 'roles'];
const emptyForm: CreateUserRequest = { email: '', name: '', password: '', roles: [] };
const roleOptions = roles.map((role) => ({ value: role, label: role.charAt(0).toUpperCase() + role.slice(1) }));

function isField(path: unknown): path is Field {
  return typeof path === 'string' && (fields as readonly string[]).includes(path);
}

function firstErrorPerField(issues: readonly { path: unknown; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    if (isField(path) && errors[path] === undefined) errors[path] = message;
  }
  return errors;
}

export function validateNewUser(values: CreateUserRequest): FieldErrors {
  const result = createUserRequest.safeParse(values);
  return result.success ? {} : firstErrorPerField(result.error.issues.map(({ path, message }) => ({ path: path[0], message })));
}

const validationDetails = z.array(z.object({ path: z.string(), message: z.string() }));

/** A 400's per-field details, so the server's refusals land beside the fields too. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const details = validationDetails.safeParse(error.body?.details);
  if (!details.success) return {};
  // 'roles.0' belongs to the roles field.
  return firstErrorPerField(details.data.map(({ path, message }) => ({ path: path.split('.')[0], message })));
}

/** Admins only: a new account with its first roles. */
export function CreateUserForm() {
  const createUser = useCreateUser();
  // Like the login form: validated on submit, then on every change.
  const submitted = useRef(false);
  const form = useForm<CreateUserRequest>({
    mode: 'controlled',
    initialValues: emptyForm,
    validate: validateNewUser,
    onValuesChange: (next) => {
      if (submitted.current) form.setErrors(validateNewUser(next));
    },
  });
  const { values } = form;
  // Judged as the user types, with the service's rules, so a refusal is seen before submitting.
  const [strength, setStrength] = useState<{ password: string; assessment: PasswordAssessment } | null>(null);
  // Estimated once typing pauses: each estimate runs the dictionary matchers.
  const [typed] = useDebouncedValue(values, 250);
  useEffect(() => {
    if (typed.password.length < MIN_PASSWORD_LENGTH) return;
    let current = true;
    void assessNewPassword(typed.password, { email: typed.email, name: typed.name }).then((assessment) => {
      if (current) setStrength({ password: typed.password, assessment });
    });
    return () => {
      current = false;
    };
  }, [typed.password, typed.email, typed.name]);
  // Below the minimum length the field's description already says what is missing.
  const assessment = values.password.length >= MIN_PASSWORD_LENGTH && strength?.password === values.password ? strength.assessment : null;

  const markSubmitted = () => {
    submitted.current = true;
  };

  const submit = (entered: CreateUserRequest) => {
    markSubmitted();
    if (assessment && !assessment.acceptable && assessment.reason) {
      form.setErrors({ password: assessment.reason });
      return;
    }
    createUser.mutate(createUserRequest.parse(entered), {
      onSuccess: (user) => {
        showUserCreatedToast(user);
        submitted.current = false;
        form.reset();
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        showCreateUserFailedToast(error);
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="create-user-title">
      <form onSubmit={form.onSubmit(submit, markSubmitted)} noValidate data-testid="create-user-form">
        <Stack gap="md">
          <SectionHeading id="create-user-title" title="Create user" description="The new user signs in with this email and password." />
          <TextInput label="Email" type="email" autoComplete="off" placeholder="name@company.com" {...form.getInputProps('email')} />
          <TextInput label="Name" autoComplete="off" placeholder="Full name" {...form.getInputProps('name')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            {...form.getInputProps('password')}
          />
          <PasswordStrength assessment={assessment} />
          <MultiSelect<Role>
            label="Roles"
            placeholder={values.roles.length === 0 ? 'Choose roles' : undefined}
            data={roleOptions}
            {...form.getInputProps('roles')}
            data-testid="create-user-roles"
          />
          <Button type="submit" color="teal" leftSection={<IconUserPlus size={16} />} loading={createUser.isPending}>
            Create user
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

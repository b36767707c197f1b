import { Field } from '#web/components/ui/fields.tsx';

interface AccountFieldProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The username a new account is known by, in the registration and after a provider's sign-in. */
export function UsernameField({ onChange, ...field }: AccountFieldProps) {
  return (
    <Field
      {...field}
      label="Username"
      autoComplete="username"
      required
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The account's email address, in the sign-in, registration and mail-request forms. */
export function EmailField({ onChange, ...field }: AccountFieldProps) {
  return (
    <Field
      {...field}
      label="Email"
      type="email"
      autoComplete="email"
      required
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, errorStatus, explainApiError } from '@kloof/api-client';
import { EmailField, ErrorNotice, PasswordField, TextField, toast, useForm } from '@kloof/ui';
import { check, rules } from '../forms/validation';
import { AuthForm } from '../forms/components/AuthForm';
import { TextLink } from '../forms/components/TextLink';
import { takeSetupToken } from './setup-token';

/** Why the form cannot be used; each replaces the form with its notice. */
export const SETUP_NOTICES = {
  missing: {
    title: 'This page needs the setup link',
    text: "Open the whole one-time link from the API's start-up log (it ends with # and the token).",
  },
  spent: {
    title: 'This setup link cannot be used',
    text: 'It has expired or was used already. Restart the API for a new link in its log.',
  },
  done: {
    title: 'Setup is done',
    text: 'A SuperAdmin already exists. Sign in with that account.',
  },
} as const;

type Blocked = keyof typeof SETUP_NOTICES;

/**
 * The first SuperAdmin, with the token of the start-up link (read from the fragment, then cleared
 * from the address bar). The API opens no session here: success goes on to sign-in, where the new
 * account signs in as every other does.
 */
export function SetupForm() {
  const navigate = useNavigate();
  // Read in the browser once the page is up (it is prerendered without any token); a ref, as
  // nothing on screen depends on it until the form is sent.
  const token = useRef<string | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    token.current = takeSetupToken();
  }, []);
  useEffect(() => {
    notice.current?.focus();
  }, [blocked]);

  const form = useForm({
    initial: { email: '', username: '', password: '', passwordConfirm: '' },
    validate: (values) => ({
      email: rules.email(values.email),
      username: check(values.username, rules.required('Choose a username'), rules.maxLength(64)),
      password: check(values.password, rules.newPassword, rules.notEmail(values.email)),
      passwordConfirm: rules.repeated(values.password, 'Repeat the password')(values.passwordConfirm),
    }),
    explain: explainApiError,
    submit: async ({ email, username, password }) => {
      if (!token.current) return setBlocked('missing');
      try {
        const { message } = await authApi.bootstrap({
          token: token.current,
          email: email.trim(),
          username: username.trim(),
          password,
        });
        toast.success(message);
        navigate('/auth/login', { replace: true, state: { email: email.trim() } });
      } catch (error) {
        const status = errorStatus(error);
        if (status === 401) return setBlocked('spent');
        if (status === 403) return setBlocked('done');
        throw error;
      }
    },
  });

  if (blocked) {
    const { title, text } = SETUP_NOTICES[blocked];
    return (
      <div ref={notice} tabIndex={-1} css={{ outline: 'none' }}>
        <ErrorNotice title={title}>
          {text} <TextLink to="/auth/login">Go to sign-in</TextLink>
        </ErrorNotice>
      </div>
    );
  }
  return (
    <AuthForm form={form} label="Create the first SuperAdmin" submit="Create SuperAdmin" sending="Creating…">
      <EmailField autoComplete="username" {...form.field('email')} />
      <TextField label="Username" autoComplete="nickname" required {...form.field('username')} />
      <PasswordField label="Password" isNew hint="At least 8 characters" {...form.field('password')} />
      <PasswordField label="Repeat password" isNew {...form.field('passwordConfirm')} />
    </AuthForm>
  );
}

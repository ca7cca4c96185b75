import { useNavigate } from 'react-router-dom';
import { authApi } from '@kloof/api-client';
import { TextAreaField, TextField, toast } from '@kloof/ui';
import { useForm } from '../../forms/hooks/use-form';
import { check, rules } from '../../forms/validation';
import { withEmail } from '../../forms/prefill';
import { SubmitButton } from '../../forms/components/SubmitButton';

/** A contact-us style sign-up: who you are, how to reach you, what you need, and a password. */
export function RegisterForm() {
  const navigate = useNavigate();
  const form = useForm({ name: '', email: '', company: '', phone: '', message: '', password: '' }, (values) => ({
    name: check(values.name, rules.required('Enter your name'), rules.maxLength(64)),
    email: rules.email(values.email),
    company: rules.maxLength(200)(values.company),
    phone: rules.phone(values.phone),
    message: rules.maxLength(5000)(values.message),
    password: rules.newPassword(values.password),
  }));

  const submit = form.onSubmit(async ({ name, email, company, phone, message, password }) => {
    const { message: sent } = await authApi.register({
      username: name.trim(),
      fullName: name.trim(),
      email: email.trim(),
      password,
      ...(company.trim() ? { company: company.trim() } : {}),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    });
    toast.success(sent);
    navigate(withEmail('/auth/account-verification', email), { state: { email: email.trim() } });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create your account">
      <TextField label="Name" autoComplete="name" required {...form.field('name')} />
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.field('email')}
      />
      <TextField label="Company" autoComplete="organization" hint="Optional" {...form.field('company')} />
      <TextField label="Phone" type="tel" autoComplete="tel" hint="Optional" {...form.field('phone')} />
      <TextAreaField
        label="How can we help?"
        hint="Optional: tell us about your project"
        rows={4}
        {...form.field('message')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        {...form.field('password')}
      />
      <SubmitButton sending={form.sending} sendingLabel="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}

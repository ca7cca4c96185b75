import { useNavigate } from 'react-router-dom';
import { authApi, explainApiError } from '@kloof/api-client';
import { EmailField, PasswordField, TextAreaField, TextField, toast, useForm } from '@kloof/ui';
import { check, rules } from '../../forms/validation';
import { withEmail } from '../../forms/prefill';
import { AuthForm } from '../../forms/components/AuthForm';

/** A contact-us style sign-up: who you are, how to reach you, what you need, and a password. */
export function RegisterForm() {
  const navigate = useNavigate();
  const form = useForm({
    initial: { name: '', email: '', company: '', phone: '', message: '', password: '' },
    validate: (values) => ({
      name: check(values.name, rules.required('Enter your name'), rules.maxLength(64)),
      email: rules.email(values.email),
      company: rules.maxLength(200)(values.company),
      phone: rules.phone(values.phone),
      message: rules.maxLength(5000)(values.message),
      password: check(values.password, rules.newPassword, rules.notEmail(values.email)),
    }),
    explain: explainApiError,
    submit: async ({ name, email, company, phone, message, password }) => {
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
    },
  });

  return (
    <AuthForm form={form} label="Create your account" submit="Create account" sending="Creating your account…">
      <TextField label="Name" autoComplete="name" required {...form.field('name')} />
      <EmailField {...form.field('email')} />
      <TextField label="Company" autoComplete="organization" hint="Optional" {...form.field('company')} />
      <TextField label="Phone" type="tel" autoComplete="tel" hint="Optional" {...form.field('phone')} />
      <TextAreaField
        label="How can we help?"
        hint="Optional: tell us about your project"
        rows={4}
        {...form.field('message')}
      />
      <PasswordField label="Password" isNew hint="At least 8 characters" {...form.field('password')} />
    </AuthForm>
  );
}

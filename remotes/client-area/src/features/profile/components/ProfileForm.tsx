import { currentUserApi, explainApiError, isPhoneNumber, PHONE_NUMBER_TEXT, type User } from '@kloof/api-client';
import { authStore } from '@kloof/auth';
import { TextField, toast, useForm } from '@kloof/ui';
import { CardForm } from './CardForm';

/** Edit username and details; the saved user goes to the auth store so the shell updates at once. */
export function ProfileForm({ user }: { user: User }) {
  const form = useForm({
    initial: {
      username: user.username,
      fullName: user.fullName ?? '',
      company: user.company ?? '',
      phone: user.phone ?? '',
    },
    validate: ({ username, phone }) => ({
      username: username.trim() ? null : 'Enter a username.',
      phone: isPhoneNumber(phone) ? null : PHONE_NUMBER_TEXT,
    }),
    explain: explainApiError,
    submit: async (values) => {
      const updated = await currentUserApi.update(
        {
          username: values.username.trim(),
          fullName: values.fullName.trim(),
          company: values.company.trim(),
          phone: values.phone.trim(),
        },
        { settings: true },
      );
      authStore.setUser(updated);
      toast.success('Your profile has been saved.');
    },
  });

  return (
    <CardForm form={form} id="profile-details" title="Your details" submit="Save profile">
      <TextField
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="Your sign-in address; change it under Change e-mail address."
      />
      <TextField label="Username" required maxLength={64} autoComplete="username" {...form.field('username')} />
      <TextField label="Full name" maxLength={200} autoComplete="name" {...form.field('fullName')} />
      <TextField label="Company" maxLength={200} autoComplete="organization" {...form.field('company')} />
      <TextField
        label="Phone"
        type="tel"
        maxLength={50}
        autoComplete="tel"
        hint="Digits, spaces, dashes and brackets; + in front for a country code."
        {...form.field('phone')}
      />
    </CardForm>
  );
}

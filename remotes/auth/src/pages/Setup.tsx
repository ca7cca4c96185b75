import { AuthCard } from '../features/forms/components/AuthCard';
import { SetupForm } from '../features/setup/SetupForm';

/** /setup#<token>: the first run, from the link the API prints at start while no SuperAdmin exists. */
export default function Setup() {
  return (
    <AuthCard title="Set up Kloof Digital" lead="Create the first SuperAdmin: the account that manages the site.">
      <SetupForm />
    </AuthCard>
  );
}

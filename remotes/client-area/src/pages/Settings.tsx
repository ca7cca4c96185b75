import { PageHeader } from '@kloof/ui';
import { SecuritySection } from '../features/security/components/SecuritySection';

/** /user/settings: a placeholder showing 'todo' until settings exist, then the Security section. */
export default function Settings() {
  return (
    <section>
      <PageHeader title="Settings" />
      <p>todo</p>
      <SecuritySection />
    </section>
  );
}

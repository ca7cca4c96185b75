import { PageHeader } from '@kloof/ui';

/** /user/settings: a placeholder showing 'todo' until settings exist. */
export default function Settings() {
  return (
    <section>
      <PageHeader title="Settings" />
      <p>todo</p>
    </section>
  );
}

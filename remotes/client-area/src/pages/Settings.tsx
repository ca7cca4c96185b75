import { PageHeader } from '@kloof/ui';

/** /user/settings: a placeholder showing 'todo', as the spec says. */
export default function Settings() {
  return (
    <section>
      <PageHeader title="Settings" />
      <p>todo</p>
    </section>
  );
}

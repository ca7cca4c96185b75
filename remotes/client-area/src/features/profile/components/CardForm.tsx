import type { ReactNode } from 'react';
import { Button, Card, Form, type FormState } from '@kloof/ui';

interface Props<T extends Record<string, unknown>> {
  form: FormState<T>;
  /** The id of the heading, which names the form. */
  id: string;
  title: string;
  submit: string;
  children: ReactNode;
}

/** One form of the profile page: a card with its heading, the fields and the submit button. */
export function CardForm<T extends Record<string, unknown>>({ form, id, title, submit, children }: Props<T>) {
  return (
    <Card>
      <Form
        form={form}
        aria-labelledby={id}
        actions={
          <Button type="submit" loading={form.busy}>
            {submit}
          </Button>
        }
      >
        <h2 id={id} css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>
          {title}
        </h2>
        {children}
      </Form>
    </Card>
  );
}

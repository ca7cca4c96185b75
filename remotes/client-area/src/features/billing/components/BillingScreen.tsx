import { billingApi, errorMessage, type Billing } from '@kloof/api-client';
import {
  Badge,
  ButtonLink,
  Card,
  EmptyState,
  formatDate,
  formatRand,
  PageHeader,
  ResourceState,
  Table,
  useResource,
  type BadgeTone,
} from '@kloof/ui';

const invoiceTone = (status: string): BadgeTone =>
  status === 'paid' ? 'success' : status === 'overdue' ? 'danger' : 'warning';

/** /billing: the plan and the invoices from the API. */
export function BillingScreen() {
  const billing = useResource(() => billingApi.get(), []);
  return (
    <section>
      <PageHeader title="Billing" description="Your plan and invoices." />
      <ResourceState resource={billing} what="your billing" errorText={errorMessage}>
        {(data) => <BillingView billing={data} />}
      </ResourceState>
    </section>
  );
}

function BillingView({ billing }: { billing: Billing }) {
  return (
    <div css={{ display: 'grid', gap: '1.5rem' }}>
      <Card>
        <h2 css={{ margin: '0 0 0.5rem', fontSize: '1.125rem' }}>Plan</h2>
        {billing.plan ? (
          <p css={{ margin: 0 }}>
            <strong css={{ fontSize: '1.25rem' }}>{billing.plan.name}</strong>{' '}
            <span>
              {formatRand(billing.plan.priceZar)} per {billing.plan.interval}
            </span>
          </p>
        ) : (
          <>
            <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted })}>
              You have no plan yet. Projects are quoted and billed per engagement until you choose one.
            </p>
            <ButtonLink to="/pricing" variant="secondary">
              See pricing
            </ButtonLink>
          </>
        )}
      </Card>
      <div>
        <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>Invoices</h2>
        {billing.invoices.length === 0 ? (
          <EmptyState title="No invoices yet">
            <p>Invoices appear here as soon as we send one.</p>
          </EmptyState>
        ) : (
          <Table caption="Invoices" columns={['Number', 'Issued', 'Amount', 'Status']}>
            {billing.invoices.map((invoice) => (
              <tr key={invoice.id}>
                {/* An invoice number is one word: never split over lines. */}
                <td css={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{invoice.number}</td>
                <td>{formatDate(invoice.issuedAt)}</td>
                <td>{formatRand(invoice.amountZar)}</td>
                <td>
                  <Badge tone={invoiceTone(invoice.status)}>{invoice.status}</Badge>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </div>
  );
}

import { BillingScreen } from '../features/billing/components/BillingScreen';

/** /billing */
export default function Billing() {
  return <BillingScreen />;
}

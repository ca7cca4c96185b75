import { useAuth } from '@kloof/auth';
import { Card } from '@kloof/ui';
import { DeleteAccountCard } from './DeleteAccountCard';
import { ExportCard } from './ExportCard';

/** Settings > Your data: take a copy of everything, or delete the account (POPIA s23, s24). */
export function YourDataSection() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Card aria-labelledby="your-data-heading" role="region">
      <h2 id="your-data-heading" css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>
        Your data
      </h2>
      <div css={{ display: 'grid', gap: '1.5rem' }}>
        <ExportCard />
        <DeleteAccountCard email={user.email} />
      </div>
    </Card>
  );
}

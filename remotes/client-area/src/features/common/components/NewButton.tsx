import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@kloof/ui';

/** The "New …" button of a list screen, in its header and in its empty state. */
export function NewButton({
  children,
  onClick,
  disabled = false,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button onClick={onClick} disabled={disabled}>
      <Plus aria-hidden="true" size={18} />
      {children}
    </Button>
  );
}

import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@kloof/ui/testing';
import { ApiHealthList, describeMail } from './ApiHealthList';

const contract = { version: '1.1.0', serves: '>=1.0.0 <=1.1.0' };

describe("the API's health on /system", () => {
  it('shows every value as words, the mail queue included (never [object Object])', () => {
    renderWithProviders(
      <ApiHealthList
        health={{
          status: 'ok',
          database: 'ok',
          version: '1.0.0',
          contract,
          mail: { backlog: 2, failed: 1, oldestBacklogSeconds: 45 },
        }}
      />,
    );
    expect(screen.getByText('2 waiting (oldest 45 s), 1 failed')).toBeInTheDocument();
    expect(screen.getByText('1.1.0 (serves >=1.0.0 <=1.1.0)')).toBeInTheDocument();
    expect(screen.getByText('1.0.0')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('[object Object]');
  });

  it('says an empty queue in words', () => {
    expect(describeMail({ backlog: 0, failed: 0, oldestBacklogSeconds: 0 })).toBe('none waiting, none failed');
  });

  it('marks a database that is away', () => {
    renderWithProviders(
      <ApiHealthList health={{ status: 'unavailable', database: 'unavailable', version: '1.0.0', contract }} />,
    );
    expect(screen.getAllByText('unavailable')).toHaveLength(2);
    expect(screen.queryByText('Mail')).toBeNull();
  });
});

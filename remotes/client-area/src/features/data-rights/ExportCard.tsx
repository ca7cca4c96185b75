import { useState } from 'react';
import { dataRightsApi, errorMessage } from '@kloof/api-client';
import { isProofCancelled, useFreshProof } from '@kloof/auth';
import { Button, toast } from '@kloof/ui';
import { saveFile } from './save-file';

type Format = 'json' | 'html';
const LABEL: Record<Format, string> = { json: 'Download my data (JSON)', html: 'Download a readable copy (HTML)' };

/** "Download my data": everything the account holds, as JSON or as a page to read; a fresh proof first. */
export function ExportCard() {
  const { withFreshProof, proofDialog } = useFreshProof();
  const [busy, setBusy] = useState<Format | null>(null);

  const download = async (format: Format) => {
    setBusy(format);
    try {
      const blob = await withFreshProof(() => dataRightsApi.exportMyData(format));
      saveFile(blob, `kloof-digital-data-${new Date().toISOString().slice(0, 10)}.${format}`);
      toast.success('Your data has been downloaded.');
    } catch (error) {
      if (!isProofCancelled(error)) toast.error(`Your data could not be downloaded. ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <h3 css={{ margin: '0 0 0.25rem', fontSize: '1rem' }}>Download my data</h3>
      <p css={(theme) => ({ margin: '0 0 0.75rem', color: theme.colors.textMuted })}>
        Your profile, settings, devices, the workspaces you are a member of (with your role, their projects and links),
        your activity log, second factors and passkeys (never their secrets), invoices and the mail we sent you. You
        confirm it is you first.
      </p>
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        {(['json', 'html'] as const).map((format) => (
          <Button
            key={format}
            variant={format === 'json' ? 'primary' : 'secondary'}
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void download(format)}
          >
            {LABEL[format]}
          </Button>
        ))}
      </div>
      {proofDialog}
    </div>
  );
}

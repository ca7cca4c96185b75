import { useEffect, useState } from 'react';
import { authApi, errorMessage } from '@kloof/api-client';

export type OtpCheck = { status: 'idle' | 'checking' | 'valid' } | { status: 'invalid'; message: string };

/**
 * Checks a code that came in the link (/auth/resetPassword/{otp}?email=...) before the user types
 * a password. A code only counts with its address: without one there is nothing to check yet.
 */
export function useOtpCheck(otp: string | undefined, email: string): OtpCheck {
  const [result, setResult] = useState<OtpCheck>({ status: otp && email ? 'checking' : 'idle' });
  useEffect(() => {
    if (!otp || !email) return;
    let active = true;
    authApi.validOtp(otp, email).then(
      () => {
        if (active) setResult({ status: 'valid' });
      },
      (error: unknown) => {
        if (active) setResult({ status: 'invalid', message: errorMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [otp, email]);
  return result;
}

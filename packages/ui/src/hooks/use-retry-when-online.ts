import { useEffect, useRef } from 'react';
import { useOnline } from '../network/network-status';

/** Back online: a load that failed (most likely for want of a network) is tried again, no click needed. */
export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && failed) retry();
  }, [online, failed, retry]);
}

import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadRemoteRegistry } from './federation/remote-registry';
import { startOfflineSupport } from './service-worker';

void loadRemoteRegistry().then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App />);
  startOfflineSupport();
});

import { Providers } from './providers';
import { AppRoutes } from './routes';
import { AppNotices } from './shell/app-notices';

export function App() {
  return (
    <Providers>
      <AppRoutes />
      <AppNotices />
    </Providers>
  );
}

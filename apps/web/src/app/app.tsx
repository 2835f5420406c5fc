import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { RouteGate } from './route-gate';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RouteGate />
      </BrowserRouter>
    </AppProviders>
  );
}

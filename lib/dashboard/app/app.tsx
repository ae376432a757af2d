import { useEffect, useMemo, useState } from 'preact/hooks';
import { createApi } from './api.js';
import { ApiContext } from './context.js';
import { CheckPage } from './pages/check.js';
import { KeysPage } from './pages/keys.js';
import { MonitorPage } from './pages/monitor.js';
import { MonitorFormPage } from './pages/monitor-form.js';
import { MonitorsPage } from './pages/monitors.js';
import { RequestsPage } from './pages/requests.js';
import { SignIn } from './pages/sign-in.js';
import { UsagePage } from './pages/usage.js';
import { href, type Route, useRoute } from './router.js';
import { forgetKey, storedKey, storeKey } from './session.js';

export function App() {
  const [key, setKey] = useState(storedKey);
  const [refused, setRefused] = useState(false);
  const api = useMemo(
    () =>
      key
        ? createApi(key, () => {
            forgetKey();
            setRefused(true);
            setKey(null);
          })
        : null,
    [key],
  );
  const route = useRoute();

  if (!api) {
    return (
      <SignIn
        notice={
          refused
            ? 'Your key was refused (revoked, or no longer valid): sign in again with a current key.'
            : undefined
        }
        onSignedIn={(signedIn) => {
          storeKey(signedIn);
          setRefused(false);
          setKey(signedIn);
        }}
      />
    );
  }
  const signOut = () => {
    forgetKey();
    setKey(null);
  };
  return (
    <ApiContext.Provider value={api}>
      <button type="button" class="skip" onClick={skipToContent}>
        Skip to content
      </button>
      <header class="top">
        <p class="brand">Web Extraction Service</p>
        <nav aria-label="Dashboard">
          <ul class="nav-list">
            <li>
              <a href={href.monitors()} aria-current={isMonitors(route) ? 'page' : undefined}>
                Monitors
              </a>
            </li>
            <li>
              <a href={href.usage()} aria-current={route.view === 'usage' ? 'page' : undefined}>
                Usage
              </a>
            </li>
            <li>
              <a href={href.requests()} aria-current={route.view === 'requests' ? 'page' : undefined}>
                Requests
              </a>
            </li>
            <li>
              <a href={href.keys()} aria-current={route.view === 'keys' ? 'page' : undefined}>
                API keys
              </a>
            </li>
            <li>
              <a href="/docs">API reference</a>
            </li>
          </ul>
        </nav>
        <button type="button" class="button button-small sign-out" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="content" tabIndex={-1}>
        <View route={route} />
      </main>
      <footer class="page-footer">
        <a href="/docs">API reference</a> (every tool and endpoint, with schemas and examples)
      </footer>
    </ApiContext.Provider>
  );
}

function View({ route }: { route: Route }) {
  // A new view moves focus to its heading, so a screen reader announces where the link led.
  useEffect(() => {
    requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1')?.focus());
  }, [route]);
  switch (route.view) {
    case 'monitors':
      return <MonitorsPage />;
    case 'new-monitor':
      return <MonitorFormPage />;
    case 'edit-monitor':
      return <MonitorFormPage id={route.id} key={route.id} />;
    case 'monitor':
      return <MonitorPage id={route.id} key={route.id} />;
    case 'check':
      return <CheckPage id={route.id} checkId={route.checkId} key={route.checkId} />;
    case 'usage':
      return <UsagePage />;
    case 'keys':
      return <KeysPage />;
    case 'requests':
      return <RequestsPage />;
    default:
      return (
        <>
          <h1 tabIndex={-1}>Not found</h1>
          <p>
            There is no view at <code>{route.path}</code>. <a href={href.monitors()}>Go to the monitors</a>.
          </p>
        </>
      );
  }
}

function isMonitors(route: Route): boolean {
  return ['monitors', 'new-monitor', 'edit-monitor', 'monitor', 'check'].includes(route.view);
}

/** The views live in the hash, so skipping moves focus rather than following a #content link. */
function skipToContent() {
  document.getElementById('content')?.focus();
}

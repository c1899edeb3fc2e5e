// The app's router and its `useNavigate` and `useSearchParams`: React Router's, with functions that
// keep their identity for the life of the component and navigations `{ flushSync: true }` committed
// at once, as under the data router the app used before.
//
// The app runs React Router in its declarative mode (AppBrowserRouter and useRoutes, app/router.tsx):
// its data router (createBrowserRouter) carried ~16 KB gzipped of loaders, actions and fetchers the
// app never used into every page's first download (issue 27). In that mode `navigate` is a new
// function whenever the path changes, and `setSearchParams` one whenever the URL changes, so an
// effect that lists them (a filter written into the URL once its debounced value settles) would run
// again after every navigation and write the URL again. Import these two hooks from here, never
// from 'react-router-dom' (tests/unit/navigation-imports.test.ts).
import { startTransition, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  createSearchParams,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useNavigate as useRouterNavigate,
  useSearchParams as useRouterSearchParams,
  type NavigateFunction,
  type NavigateOptions,
  type URLSearchParamsInit,
} from 'react-router-dom';

/** Set while a navigation asked to be committed at once (`{ flushSync: true }`) is under way. */
let committingAtOnce = false;

/**
 * React Router's <BrowserRouter>, but a navigation made with `{ flushSync: true }` is on screen when
 * navigate returns, as the data router made it (React Router's own <BrowserRouter> makes every
 * navigation a transition, which flushSync cannot hurry). Signing out and deleting the account
 * rely on it: they leave a guarded page for / before the session ends, or the guard sends the
 * visitor to /login (an e2e run saw it). Every other navigation stays a transition.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        if (committingAtOnce) setState({ action, location });
        else startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <Router navigator={history} location={state.location} navigationType={state.action}>
      {children}
    </Router>
  );
}

/** The latest `value`, read from callbacks made once (set after each render, before effects). */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** React Router's navigate (paths resolve against the location when it is called), one function
 *  for the component's life. */
export function useNavigate(): NavigateFunction {
  const latest = useLatest(useRouterNavigate());
  return useCallback<NavigateFunction>(
    ((to: Parameters<NavigateFunction>[0], options?: NavigateOptions) => {
      if (typeof to === 'number') return latest.current(to);
      if (!options?.flushSync) return latest.current(to, options);
      committingAtOnce = true;
      try {
        flushSync(() => void latest.current(to, options));
      } finally {
        committingAtOnce = false;
      }
    }) as NavigateFunction,
    [latest],
  );
}

export type SetSearchParams = (next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit), options?: NavigateOptions) => void;

/** The URL's search parameters and a setter (the function form gets the current ones, as React
 *  Router's), the setter one function for the component's life. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const [params] = useRouterSearchParams();
  const navigate = useNavigate();
  const latest = useLatest(params);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next;
      navigate(`?${createSearchParams(value).toString()}`, options);
    },
    [latest, navigate],
  );
  return [params, setParams];
}

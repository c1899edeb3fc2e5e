// The app's `useNavigate` and `useSearchParams`: React Router's, with functions that keep their
// identity for the life of the component, as they had under the data router the app used before.
//
// The app runs React Router in its declarative mode (<BrowserRouter> and useRoutes, app/router.tsx):
// its data router (createBrowserRouter) carried ~16 KB gzipped of loaders, actions and fetchers the
// app never used into every page's first download (issue 27). In that mode `navigate` is a new
// function whenever the path changes, and `setSearchParams` one whenever the URL changes, so an
// effect that lists them (a filter written into the URL once its debounced value settles) would run
// again after every navigation and write the URL again. Import these two hooks from here, never
// from 'react-router-dom' (tests/unit/navigation-imports.test.ts).
import { useCallback, useLayoutEffect, useRef } from 'react';
import {
  createSearchParams,
  useNavigate as useRouterNavigate,
  useSearchParams as useRouterSearchParams,
  type NavigateFunction,
  type NavigateOptions,
  type URLSearchParamsInit,
} from 'react-router-dom';

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
    ((to: Parameters<NavigateFunction>[0], options?: NavigateOptions) => (typeof to === 'number' ? latest.current(to) : latest.current(to, options))) as NavigateFunction,
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

// A GraphiQL side panel of example operations, one group per domain: 'Open' puts one in a new tab.
import { useEditorContext, type GraphiQLPlugin } from '@graphiql/react';
import { EXPLORER_EXAMPLES, type ExplorerExample } from './examples';

function ExamplesIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5zM20 5.5A1.5 1.5 0 0 0 18.5 4H13v16h5.5a1.5 1.5 0 0 0 1.5-1.5z" />
    </svg>
  );
}

function ExamplesPanel() {
  const editor = useEditorContext({ nonNull: true });
  const open = (example: ExplorerExample) => {
    editor.addTab();
    // The new tab's editors are filled once it is the active one.
    window.setTimeout(() => {
      editor.queryEditor?.setValue(example.query);
      editor.variableEditor?.setValue(example.variables ? JSON.stringify(example.variables, null, 2) : '');
    }, 0);
  };
  const domains = [...new Set(EXPLORER_EXAMPLES.map((e) => e.domain))];
  return (
    <section className="explorer-examples" aria-labelledby="explorer-examples-heading">
      <h2 id="explorer-examples-heading" className="graphiql-doc-explorer-title">
        Examples
      </h2>
      <p>
        One operation per task, written against this schema. Sign in to the web app (or paste an API token above) for the
        ones that need a member. The <a href="/docs/api">API guide</a> explains ids, pages, payloads, scopes and limits.
      </p>
      {domains.map((domain) => (
        <div key={domain}>
          <h3>{domain}</h3>
          <ul>
            {EXPLORER_EXAMPLES.filter((e) => e.domain === domain).map((example) => (
              <li key={example.name}>
                <button type="button" onClick={() => open(example)} aria-label={`Open ${example.name} in a new tab`}>
                  {example.name}
                </button>
                <span>{example.description}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

export const examplesPlugin: GraphiQLPlugin = { title: 'Examples', icon: ExamplesIcon, content: ExamplesPanel };

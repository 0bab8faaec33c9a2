import type { ComponentType } from 'preact';

type Params = Record<string, string | undefined>;

/** A screen still to be built: its name and the parameters of its route. */
export function placeholder(screen: string, title: string): ComponentType<{ params: Params }> {
  function Placeholder({ params }: { params: Params }) {
    const shown = Object.entries(params ?? {}).filter(([key, value]) => value && !/^\d+$/.test(key));
    return (
      <section class="placeholder" data-screen={screen}>
        <h1>{title}</h1>
        {shown.length > 0 && (
          <dl>
            {shown.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p>This screen is on its way.</p>
      </section>
    );
  }
  Placeholder.displayName = `Placeholder(${screen})`;
  return Placeholder;
}

// Being built: see the issue. Keeps the route working meanwhile.
export function ChartsPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <section class="placeholder" data-screen="charts">
      <h1>Charts</h1>
      <p>{Object.values(params).filter(Boolean).join(' / ')}</p>
    </section>
  );
}

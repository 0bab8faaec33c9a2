// Being built: see the issue. Keeps the route working meanwhile.
export function YearPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <section class="placeholder" data-screen="year">
      <h1>Year</h1>
      <p>{Object.values(params).filter(Boolean).join(' / ')}</p>
    </section>
  );
}

// Being built: see the issue. Keeps the route working meanwhile.
export function GenrePage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <section class="placeholder" data-screen="genre">
      <h1>Genre</h1>
      <p>{Object.values(params).filter(Boolean).join(' / ')}</p>
    </section>
  );
}

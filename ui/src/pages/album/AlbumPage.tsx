// Being built: see the issue. Keeps the route working meanwhile.
export function AlbumPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <section class="placeholder" data-screen="album">
      <h1>Album</h1>
      <p>{Object.values(params).filter(Boolean).join(' / ')}</p>
    </section>
  );
}

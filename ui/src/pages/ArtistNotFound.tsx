export function ArtistNotFound({ params }: { params: { artistName?: string } }) {
  const name = params.artistName ?? '';
  return (
    <section class="not-found" data-screen="artist-not-found">
      <h1>404</h1>
      <p>Couldn't find artist called {name}</p>
      <a
        href="#"
        onClick={(event) => {
          event.preventDefault();
          history.back();
        }}
      >
        Go Back
      </a>
    </section>
  );
}

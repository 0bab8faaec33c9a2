/** A link that goes back one step in history, as the spec's 'Go Back' does. */
export function GoBack() {
  return (
    <a
      href="#"
      onClick={(event) => {
        event.preventDefault();
        history.back();
      }}
    >
      Go Back
    </a>
  );
}

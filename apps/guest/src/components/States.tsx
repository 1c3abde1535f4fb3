export function Loader({ label }: { label: string }) {
  return (
    <div className="loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function Problem({ text, retry, retryLabel }: { text: string; retry?: () => void; retryLabel?: string }) {
  return (
    <div className="problem" role="alert">
      <p>{text}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}

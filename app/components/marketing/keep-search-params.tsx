import { useLocation } from "react-router";

/**
 * Hidden inputs carrying the page's other query parameters (such as `lng`)
 * through a GET form, which would otherwise replace the whole query.
 */
export function KeepSearchParams({ except }: { except: readonly string[] }) {
  const { search } = useLocation();
  const params = [...new URLSearchParams(search)].filter(([key]) => !except.includes(key));
  return (
    <>
      {params.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

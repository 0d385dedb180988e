import { useRef, useState, type RefObject } from "react";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT, type Translate } from "#client/i18n/i18n-context.tsx";
import { geocodingReverseHref, geocodingSearchHref } from "#client/lib/upstream-links.ts";
import type { GeoPlace } from "#client/context.ts";
import { disruptionIt } from "./texts.ts";
import { encodePlaceChoice, formatGeoAddress } from "./address.ts";
import { PlaceMap } from "./place-map.tsx";
import type { DataValues, ReportActionData, ReportLoaderData, SearchResult } from "./report.server.ts";

/**
 * "Luogo del disservizio": the address search (in the browser with JavaScript, by the form's "cerca" post without),
 * the map to pick a point on, and the chosen place as hidden fields.
 */
export function PlaceSection(props: {
  data: ReportLoaderData;
  actionData?: ReportActionData;
  values: DataValues;
  error?: string;
}) {
  const { data, actionData, values } = props;
  const t = useT(disruptionIt);
  const hydrated = useHydrated();
  const search = usePlaceSearch(values, actionData?.results, t);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Found addresses: the focus goes to their list's heading (the status says how many); one chosen from the list
  // (which goes away with the button pressed): to the field, which now holds it. Never left on <body>.
  useFocusOnChange(`${search.searches}`, resultsHeading);
  useFocusOnChange(`${search.choicesFromList}`, () => document.getElementById("luogo"));
  const searchProblem =
    actionData?.searchProblem === "none"
      ? t("disruption.place.noResults")
      : actionData?.searchProblem === "failed"
        ? t("disruption.place.searchFailed")
        : null;
  return (
    <section className="mb-5" aria-labelledby="sezione-luogo">
      <h3 id="sezione-luogo" className="h4">
        {t("disruption.place.title")}
      </h3>
      <p>{t("disruption.place.lead")}</p>
      {hydrated && data.map ? (
        <PlaceMap
          tileUrl={data.map.tileUrl}
          centre={data.map.centre}
          demo={data.map.demo}
          place={search.place}
          onPick={(lat, lon) => void search.pickOnMap(lat, lon)}
        />
      ) : null}
      <PlaceSearchBox search={search} hydrated={hydrated} error={props.error} />
      {search.place ? (
        <>
          <input type="hidden" name="lat" value={String(search.place.lat)} />
          <input type="hidden" name="lon" value={String(search.place.lon)} />
          <input type="hidden" name="luogoIndirizzo" value={search.place.address} />
        </>
      ) : null}
      <div role="status" className="mb-2">
        {search.notice ??
          searchProblem ??
          (search.place ? t("disruption.place.chosen", { address: search.place.address }) : "")}
      </div>
      <PlaceResults
        results={search.results}
        hydrated={hydrated}
        onChoose={search.chooseFromList}
        headingRef={resultsHeading}
      />
    </section>
  );
}

/** The address field and its "Cerca" button (a post without JavaScript, a search in the page with it). */
function PlaceSearchBox(props: { search: PlaceSearch; hydrated: boolean; error?: string }) {
  const t = useT(disruptionIt);
  const { search, hydrated } = props;
  return (
    <div className="d-flex flex-wrap align-items-start gap-2">
      <div className="flex-grow-1">
        <TextField
          id="luogo"
          name="luogo"
          label={t("disruption.place.search")}
          hint={t("disruption.place.searchHint")}
          required
          autoComplete="off"
          maxLength={300}
          value={search.luogo}
          error={props.error}
          onChange={(event) => {
            search.setLuogo(event.currentTarget.value);
            if (search.place && event.currentTarget.value !== search.place.address) search.setPlace(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && hydrated) {
              event.preventDefault();
              void search.searchInBrowser();
            }
          }}
        />
      </div>
      <button
        type="submit"
        name="intent"
        value="cerca"
        formNoValidate
        className="btn btn-outline-primary mt-md-4"
        // Not `disabled` while searching: the browser would move the focus of a disabled button to <body>.
        aria-disabled={search.busy || undefined}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (!search.busy) void search.searchInBrowser();
        }}
      >
        <Icon name="it-search" className="icon-primary icon-sm me-1" />
        {t("disruption.place.searchButton")}
      </button>
    </div>
  );
}

type PlaceSearch = ReturnType<typeof usePlaceSearch>;

/** The search results: buttons that choose a place with JavaScript, a radio group for the form's post without. */
function PlaceResults(props: {
  results: SearchResult[] | undefined;
  hydrated: boolean;
  onChoose: (chosen: SearchResult) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT(disruptionIt);
  const { results, hydrated, onChoose, headingRef } = props;
  if (!results || results.length === 0) return null;
  return hydrated ? (
    <div className="mb-3">
      <h4 className="h6" ref={headingRef} tabIndex={-1}>
        {t("disruption.place.results")}
      </h4>
      <ul className="list-unstyled" aria-label={t("disruption.place.results")}>
        {results.map((r) => (
          <li key={`${r.lat},${r.lon}`} className="mb-1">
            <button type="button" className="btn btn-link p-0 text-start" onClick={() => onChoose(r)}>
              {r.address}
            </button>
          </li>
        ))}
      </ul>
    </div>
  ) : (
    <fieldset className="mb-3">
      <legend className="h6">{t("disruption.place.resultsHint")}</legend>
      {results.map((r, i) => (
        <div className="form-check" key={`${r.lat},${r.lon}`}>
          <input
            type="radio"
            name="luogoScelto"
            id={`luogo-${i}`}
            value={encodePlaceChoice(r)}
            defaultChecked={results.length === 1}
          />
          <label htmlFor={`luogo-${i}`}>{r.address}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** The place being chosen, and the browser's address search and map pick (both through the portal's geocoding). */
function usePlaceSearch(
  values: DataValues,
  initialResults: SearchResult[] | undefined,
  t: Translate<typeof disruptionIt>,
) {
  const [luogo, setLuogo] = useState(values.luogo);
  const [place, setPlace] = useState(values.place);
  const [results, setResults] = useState<SearchResult[] | undefined>(initialResults);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Searches that found addresses, and places chosen from their list: what moves the focus. */
  const [searches, setSearches] = useState(0);
  const [choicesFromList, setChoicesFromList] = useState(0);

  const choose = (chosen: SearchResult) => {
    setPlace(chosen);
    setLuogo(chosen.address);
    setResults(undefined);
    setNotice(t("disruption.place.chosen", { address: chosen.address }));
  };
  const chooseFromList = (chosen: SearchResult) => {
    choose(chosen);
    setChoicesFromList((n) => n + 1);
  };

  async function searchInBrowser() {
    const query = luogo.trim();
    if (query.length < 3) return setNotice(t("disruption.place.tooShort"));
    setBusy(true);
    setNotice(t("disruption.place.searching"));
    try {
      const res = await fetch(geocodingSearchHref(query), { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const found = ((await res.json()) as GeoPlace[]).map((p) => ({
        lat: Number(p.lat),
        lon: Number(p.lon),
        address: formatGeoAddress(p),
      }));
      setResults(found);
      setNotice(
        found.length === 0
          ? t("disruption.place.noResults")
          : t("disruption.place.found", { count: found.length }),
      );
      if (found.length > 0) setSearches((n) => n + 1);
    } catch {
      setNotice(t("disruption.place.searchFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function pickOnMap(lat: number, lon: number) {
    setNotice(t("disruption.place.searching"));
    try {
      const res = await fetch(geocodingReverseHref(lat, lon), { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const found = (await res.json()) as GeoPlace;
      choose({ lat, lon, address: formatGeoAddress(found) });
    } catch {
      setNotice(t("disruption.map.reverseFailed"));
    }
  }
  return {
    luogo,
    setLuogo,
    place,
    setPlace,
    results,
    notice,
    busy,
    searches,
    choicesFromList,
    choose,
    chooseFromList,
    searchInBrowser,
    pickOnMap,
  };
}

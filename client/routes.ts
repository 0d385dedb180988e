import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("manutenzione", "routes/maintenance.tsx"),
  route("valutazione", "routes/rating.tsx"),
  route("area-personale", "routes/personal-area.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

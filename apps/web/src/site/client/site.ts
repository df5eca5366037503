// The website's one script. The pages are complete HTML without it; it only adds what needs a
// script: the error toasts and the analytics tracker.
import "./site.css";
import { installTracker } from "./analytics/page-tracker.js";
import { installErrorToasts } from "./error-toasts.js";

installErrorToasts();
installTracker();

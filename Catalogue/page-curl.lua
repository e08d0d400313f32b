-- Page curl: UIKit's partial curl (modalTransitionStyle .partialCurl, for a
-- full-screen presentation only). The presenter's page curls up from its
-- bottom corner part of the way, showing the presented view beneath it, and
-- uncurls on dismissal. UIKit plays it itself, with no animator of the
-- app's: how far the page turns and how long it takes cannot be set, so the
-- entry sets nothing either (Segue draws UIKit's: two thirds of the way, in
-- 0.5 s; `curl` in a trace is Segue's name for how far the page has turned,
-- 0 flat, 1 gone, drawn as the page's shaded back).

return {
  title = "Page curl",
  summary = "The presenting page curls part of the way up to reveal the presented view underneath (UIKit's own).",
  tags = {"3d", "curl", "built-in style"},
  author = "Segue",
  source = "UIKit's partialCurl transition style (fullScreen only)",
  presentationStyle = "fullScreen",
  transitionStyle = "partialCurl",
}

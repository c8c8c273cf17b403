//! Where the output's pixels come from: imgproxy's sizing rules (which Supabase's answers
//! follow) for `cover` (imgproxy `fill`), `contain` (`fit`) and `fill` (`force`), with one
//! side or both, never enlarging the source (imgproxy's default), rounding as imgproxy does.
//! Cropping (cover) is centred.
use super::params::Resize;

/// The part of the source that is kept and the size it is resized to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Plan {
    /// Left, top, width, height of the kept part, in source pixels (fractional: the resizer
    /// samples sub-pixel boxes).
    pub(crate) crop: (f64, f64, f64, f64),
    pub(crate) width: u32,
    pub(crate) height: u32,
}

impl Plan {
    /// Nothing to do: the whole source at its own size.
    pub(crate) fn is_identity(&self, source_width: u32, source_height: u32) -> bool {
        self.width == source_width
            && self.height == source_height
            && self.crop == (0.0, 0.0, f64::from(source_width), f64::from(source_height))
    }

    /// The same plan for the source stored turned by a quarter (EXIF orientations 5 to 8):
    /// the kept part is centred, so swapping the axes maps it exactly.
    pub(crate) fn transposed(&self) -> Self {
        let (left, top, width, height) = self.crop;
        Self {
            crop: (top, left, height, width),
            width: self.height,
            height: self.width,
        }
    }
}

fn scaled(length: f64, shrink: f64) -> u32 {
    ((length / shrink).round() as u32).max(1)
}

/// The plan for a source of `source_width` x `source_height` and the requested box (None: that
/// side is free).
pub(crate) fn plan(
    source_width: u32,
    source_height: u32,
    width: Option<u32>,
    height: Option<u32>,
    resize: Resize,
) -> Plan {
    let (src_w, src_h) = (f64::from(source_width), f64::from(source_height));
    let dst_w = width.map_or(src_w, f64::from);
    let dst_h = height.map_or(src_h, f64::from);
    // Source pixels per output pixel, per axis.
    let mut w_shrink = if dst_w == src_w { 1.0 } else { src_w / dst_w };
    let mut h_shrink = if dst_h == src_h { 1.0 } else { src_h / dst_h };
    if w_shrink != 1.0 || h_shrink != 1.0 {
        match (width, height) {
            (None, _) if resize != Resize::Fill => w_shrink = h_shrink,
            (_, None) if resize != Resize::Fill => h_shrink = w_shrink,
            _ => match resize {
                Resize::Contain => {
                    let shrink = w_shrink.max(h_shrink);
                    (w_shrink, h_shrink) = (shrink, shrink);
                }
                Resize::Cover => {
                    let shrink = w_shrink.min(h_shrink);
                    (w_shrink, h_shrink) = (shrink, shrink);
                }
                Resize::Fill => {}
            },
        }
    }
    // Never enlarge: when an axis would grow, scale both back so that it does not (which keeps
    // the requested proportions of a stretch).
    let least = w_shrink.min(h_shrink);
    if least < 1.0 {
        w_shrink /= least;
        h_shrink /= least;
    }
    let scaled_w = scaled(src_w, w_shrink);
    let scaled_h = scaled(src_h, h_shrink);
    // Cover crops what projects beyond the box (a source smaller than the box keeps its size).
    let (out_w, out_h) = match resize {
        Resize::Cover => (
            width.map_or(scaled_w, |w| w.clamp(1, scaled_w)),
            height.map_or(scaled_h, |h| h.clamp(1, scaled_h)),
        ),
        Resize::Contain | Resize::Fill => (scaled_w, scaled_h),
    };
    let crop_w = if out_w == scaled_w {
        src_w
    } else {
        (f64::from(out_w) * w_shrink).min(src_w)
    };
    let crop_h = if out_h == scaled_h {
        src_h
    } else {
        (f64::from(out_h) * h_shrink).min(src_h)
    };
    Plan {
        crop: (
            (src_w - crop_w) / 2.0,
            (src_h - crop_h) / 2.0,
            crop_w,
            crop_h,
        ),
        width: out_w,
        height: out_h,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(
        source: (u32, u32),
        width: Option<u32>,
        height: Option<u32>,
        resize: Resize,
    ) -> (u32, u32) {
        let plan = plan(source.0, source.1, width, height, resize);
        (plan.width, plan.height)
    }

    #[test]
    fn one_side_keeps_the_aspect_ratio_in_every_mode_but_fill() {
        for resize in [Resize::Cover, Resize::Contain] {
            assert_eq!(size((2000, 1500), Some(800), None, resize), (800, 600));
            assert_eq!(size((2000, 1500), None, Some(300), resize), (400, 300));
        }
        // fill stretches the given side only.
        assert_eq!(
            size((2000, 1500), Some(800), None, Resize::Fill),
            (800, 1500)
        );
        let plan = plan(2000, 1500, Some(800), None, Resize::Cover);
        assert_eq!(plan.crop, (0.0, 0.0, 2000.0, 1500.0));
    }

    #[test]
    fn both_sides_cover_contain_or_fill_the_box() {
        for (resize, expected) in [
            (Resize::Cover, (400, 400)),
            (Resize::Contain, (400, 300)),
            (Resize::Fill, (400, 400)),
        ] {
            assert_eq!(
                size((2000, 1500), Some(400), Some(400), resize),
                expected,
                "{resize:?}"
            );
        }
        // cover keeps the centre: 1500x1500 of the source, 250 px off each side.
        let cover = plan(2000, 1500, Some(400), Some(400), Resize::Cover);
        assert_eq!(cover.crop, (250.0, 0.0, 1500.0, 1500.0));
        assert_eq!(
            plan(2000, 1500, Some(400), Some(400), Resize::Fill).crop,
            (0.0, 0.0, 2000.0, 1500.0)
        );
    }

    #[test]
    fn a_smaller_source_is_never_enlarged() {
        assert_eq!(size((100, 50), Some(400), None, Resize::Cover), (100, 50));
        assert_eq!(
            size((100, 50), Some(400), Some(400), Resize::Contain),
            (100, 50)
        );
        // cover still crops to the box's proportions where it can.
        assert_eq!(
            size((100, 100), Some(200), Some(50), Resize::Cover),
            (100, 50)
        );
        assert_eq!(
            plan(100, 100, Some(200), Some(50), Resize::Cover).crop,
            (0.0, 25.0, 100.0, 50.0)
        );
        // a stretch keeps its proportions but shrinks instead of growing.
        assert_eq!(
            size((2000, 1500), Some(4000), Some(100), Resize::Fill),
            (2000, 50)
        );
        assert_eq!(size((100, 100), None, Some(200), Resize::Fill), (50, 100));
    }

    #[test]
    fn identity_and_rounding() {
        let same = plan(640, 480, None, None, Resize::Cover);
        assert!(same.is_identity(640, 480));
        assert!(plan(640, 480, Some(640), None, Resize::Contain).is_identity(640, 480));
        assert!(!plan(640, 480, Some(320), None, Resize::Contain).is_identity(640, 480));
        assert_eq!(size((1000, 333), Some(100), None, Resize::Cover), (100, 33));
        assert_eq!(size((3, 1000), Some(1), None, Resize::Cover), (1, 333));
        assert_eq!(size((1000, 1), Some(10), None, Resize::Cover), (10, 1));
    }

    #[test]
    fn transposing_swaps_the_axes() {
        let cover = plan(1500, 2000, Some(400), Some(200), Resize::Cover);
        let turned = cover.transposed();
        assert_eq!((turned.width, turned.height), (200, 400));
        assert_eq!(
            turned.crop,
            (cover.crop.1, cover.crop.0, cover.crop.3, cover.crop.2)
        );
    }
}

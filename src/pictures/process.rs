//! From fetched bytes to the sizes the site serves: the bytes must be a
//! JPEG, PNG, WebP or GIF picture by their own signature (not by a name or
//! a header), within bounded dimensions and memory before anything is
//! decoded (a small file can claim a huge picture), then each size is made
//! and encoded as WebP.

use std::io::Cursor;

use image::imageops::FilterType;
use image::{ImageFormat, ImageReader, Limits};

use super::WIDTHS;

/// Pictures wider or taller than this are refused before decoding.
pub const MOST_SIDE: u32 = 6000;
/// Memory decoding one picture may take.
const MOST_DECODE_BYTES: u64 = 256 * 1024 * 1024;
/// WebP quality for every size: photos of covers look right at this.
const QUALITY: f32 = 80.0;

/// A picture in the sizes it is served at.
#[derive(Debug)]
pub struct Sized {
    pub width: u32,
    pub height: u32,
    /// (the width it is served as, WebP bytes); a picture narrower than a
    /// width is kept at its own width rather than enlarged.
    pub sizes: Vec<(u32, Vec<u8>)>,
}

pub fn sizes(bytes: &[u8]) -> Result<Sized, String> {
    let format = image::guess_format(bytes)
        .map_err(|_| "not a picture (its bytes are no JPEG, PNG, WebP or GIF)".to_owned())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif
    ) {
        return Err(format!(
            "a {format:?} picture; only JPEG, PNG, WebP and GIF are taken"
        ));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MOST_SIDE);
    limits.max_image_height = Some(MOST_SIDE);
    limits.max_alloc = Some(MOST_DECODE_BYTES);
    reader.limits(limits);
    let picture = reader.decode().map_err(|error| match error {
        image::ImageError::Limits(_) => {
            format!("larger than {MOST_SIDE}×{MOST_SIDE} pixels, or too large to decode")
        }
        other => format!("not a readable picture: {other}"),
    })?;
    let (width, height) = (picture.width(), picture.height());
    if width == 0 || height == 0 {
        return Err("a picture without pixels".to_owned());
    }
    let mut made = Vec::with_capacity(WIDTHS.len());
    for &wanted in WIDTHS {
        let scaled = if width > wanted {
            let new_height =
                (u64::from(height) * u64::from(wanted) / u64::from(width)).max(1) as u32;
            picture.resize_exact(wanted, new_height, FilterType::CatmullRom)
        } else {
            picture.clone()
        };
        let rgba = scaled.to_rgba8();
        let encoded = webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height())
            .encode(QUALITY)
            .to_vec();
        made.push((wanted, encoded));
    }
    Ok(Sized {
        width,
        height,
        sizes: made,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgb};

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = ImageBuffer::from_fn(width, height, |x, y| {
            Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        });
        let mut bytes = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        bytes
    }

    #[test]
    fn makes_each_width_as_webp_without_enlarging() {
        let made = sizes(&png(1000, 800)).unwrap();
        assert_eq!((made.width, made.height), (1000, 800));
        for ((wanted, bytes), expected) in made.sizes.iter().zip(WIDTHS) {
            assert_eq!(wanted, expected);
            assert_eq!(image::guess_format(bytes).unwrap(), ImageFormat::WebP);
            let decoded = image::load_from_memory(bytes).unwrap();
            assert_eq!(decoded.width(), *expected);
            assert_eq!(decoded.height(), expected * 800 / 1000);
        }
        let small = sizes(&png(200, 200)).unwrap();
        let widths: Vec<u32> = small
            .sizes
            .iter()
            .map(|(_, bytes)| image::load_from_memory(bytes).unwrap().width())
            .collect();
        assert_eq!(widths, [96, 200, 200]);
    }

    #[test]
    fn refuses_what_is_not_a_picture_or_too_large() {
        assert!(
            sizes(b"<html>not a picture</html>")
                .unwrap_err()
                .starts_with("not a picture")
        );
        let mut truncated = png(100, 100);
        truncated.truncate(60);
        assert!(
            sizes(&truncated)
                .unwrap_err()
                .starts_with("not a readable picture")
        );
        let huge = sizes(&png(MOST_SIDE + 1, 10)).unwrap_err();
        assert!(huge.starts_with("larger than"), "{huge}");
    }
}

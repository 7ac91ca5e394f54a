package org.example.sync

import androidx.compose.foundation.layout.Column
import androidx.compose.material3.LocalTextStyle
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.material3.Typography
import androidx.compose.runtime.Composable
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.sp
import org.example.library.LibraryTheme

// The app's own style, and its override of Material 3's titleLarge.
object SyncTypography {
    val eyebrow = TextStyle(fontSize = 12.sp, fontWeight = FontWeight.SemiBold, letterSpacing = 0.5.sp)
}

val AppTypography = Typography(
    titleLarge = TextStyle(fontSize = 20.sp, fontWeight = FontWeight.Medium),
)

@Composable
fun LabelsScreen() {
    Column {
        Text(stringResource(R.string.eyebrow_label), style = SyncTypography.eyebrow)
        Text(stringResource(R.string.copy_label), fontSize = 18.sp,
             style = MaterialTheme.typography.bodyMedium.copy(fontWeight = FontWeight.Bold))
        Text(stringResource(R.string.library_label), style = LibraryTheme.typography.caption)
        TopAppBar(title = { Text(stringResource(R.string.themed_title)) })
    }
}

// A style given as a parameter: its default, or what the caller passes.
@Composable
fun Caption(text: String, style: TextStyle = MaterialTheme.typography.labelSmall) {
    Text(text, style = style)
}

@Composable
fun Captions() {
    Caption(stringResource(R.string.caption_default))
    Caption(text = stringResource(R.string.caption_given), style = SyncTypography.eyebrow)
    Text(stringResource(R.string.local_copy), style = LocalTextStyle.current.copy(fontSize = 15.sp))
}

// A style named by a property's getter, and a line limit given as a parameter's default.
private val SectionTitle: TextStyle
    @Composable get() = MaterialTheme.typography.titleLarge.copy(fontSize = 22.sp)

@Composable
fun SectionHeader(text: String, maxLines: Int = 2, style: TextStyle = SectionTitle) {
    Text(text = text, maxLines = maxLines, style = style, overflow = TextOverflow.Ellipsis)
}

@Composable
fun Sections() {
    SectionHeader(stringResource(R.string.section_title))
    Text(stringResource(R.string.inline_style), style = TextStyle(fontSize = 11.sp))
}

// A style kept in a local first.
@Composable
fun LocalStyled() {
    val style = MaterialTheme.typography.labelSmall
    Text(stringResource(R.string.local_style), style = style)
}
